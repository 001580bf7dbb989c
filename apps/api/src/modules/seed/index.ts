export {
  DEMO_LIBRARIES,
  DEMO_LOGINS,
  demoWorkToMarc,
  loadDemoWorks,
  seedDemo,
  seedDemoIfEmpty,
} from './demo.ts';
export { seedSynthetic, syntheticTitle } from './synthetic.ts';
