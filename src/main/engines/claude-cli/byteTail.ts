/** A bounded byte tail: keeps the last `limit` bytes without copying everything that streams through. */
export class ByteTail {
  private chunks: Buffer[] = [];
  private size = 0;
  total = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.total += chunk.length;
    this.chunks.push(chunk.length > this.limit ? chunk.subarray(chunk.length - this.limit) : chunk);
    this.size += Math.min(chunk.length, this.limit);
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}
