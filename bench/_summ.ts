import { readFileSync } from 'node:fs';
import { summarise } from './profile';
console.log(summarise(JSON.parse(readFileSync(process.argv[2]!, 'utf8')), 40));
