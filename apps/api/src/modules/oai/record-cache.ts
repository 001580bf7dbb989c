/**
 * The metadata part of each record as last written, per format and title, with the datestamp it was
 * written at (decision 0064). The datestamp (to the microsecond) moves whenever what a harvester
 * receives changes (migration 0039's triggers), so an entry is used only while the title's datestamp
 * is the one it was written at, and a changed title is written again. The least recently used
 * entries go beyond `capacity`, so a large catalogue keeps its most harvested records only.
 */
export class RecordCache {
  private readonly entries = new Map<string, { stamp: string; xml: string }>();

  constructor(private readonly capacity: number) {}

  /** The record written at this datestamp, or undefined. */
  get(format: string, id: number, stamp: string): string | undefined {
    const key = `${format}:${id}`;
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.xml;
  }

  set(format: string, id: number, stamp: string, xml: string): void {
    const key = `${format}:${id}`;
    this.entries.delete(key);
    this.entries.set(key, { stamp, xml });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
