import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /metrics of a deployment of several processes (decision 0073): whichever process the scrape
 * reaches asks the primary, which gathers every process's metrics (prom-client's cluster
 * aggregation: counters and histograms summed) — a scrape sees the deployment, not one process.
 */
const ASK = 'estante:metrics';
const ANSWER = 'estante:metrics-answer';
const TIMEOUT_MS = 5_000;

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === ANSWER;

/** In the primary: answers the API processes' requests for the whole deployment's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== ASK || typeof message.id !== 'string') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id, error: String(error) } satisfies Answer),
    );
  });
}

/**
 * In an API process of a cluster: hands the process's registry to the aggregation and answers a
 * function giving the whole deployment's metrics; outside a cluster, undefined (the process's own).
 */
export function clusterMetricsOf(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  AggregatorRegistry.setRegistries([registry]);
  // Constructed for its side effect: the listener answering the primary's requests for this process's metrics.
  new AggregatorRegistry();
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        process.off('message', listen);
        reject(new Error('the primary did not gather the metrics in time'));
      }, TIMEOUT_MS);
      const listen = (message: unknown) => {
        if (!isAnswer(message) || message.id !== id) return;
        clearTimeout(timer);
        process.off('message', listen);
        if (message.text !== undefined) resolve(message.text);
        else reject(new Error(message.error ?? 'no metrics'));
      };
      process.on('message', listen);
      process.send!({ type: ASK, id });
    });
}
