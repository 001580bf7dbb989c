export {
  DEMO_LIBRARIES,
  DEMO_LOGINS,
  demoWorkToMarc,
  loadDemoWorks,
  seedDemo,
  seedDemoIfEmpty,
} from './demo.ts';
export { seedSynthetic, seededRandom, syntheticTitle } from './synthetic.ts';
