// Writes the implement journey's store (three stories in a sprint with an approved plan, assertions for two) through
// the app's own store modules, in its own `node --import tsx` process (Playwright's loader cannot import main code).
import { seedMcpProject } from '../../test/mcp/mcpWorld';

const projectDir = process.argv[2];
if (!projectDir) throw new Error('usage: seedImplementStore.ts <projectDir>');
const project = await seedMcpProject(projectDir);
process.stdout.write(JSON.stringify(project));
