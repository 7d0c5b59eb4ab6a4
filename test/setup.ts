// The in-process tests run src/ as the program does after start.ts: the store's writes keep the search file current.
import { keepSearchFileCurrent } from '../src/snapshot/keep-current.js';

keepSearchFileCurrent();
