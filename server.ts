// The one long-running process: `node --import tsx server.ts` (see src/server/main.ts).
import { main } from "./src/server/main";

void main();
