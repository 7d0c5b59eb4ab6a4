// The in-process tests run src/ as the program's CLI does: the store's writes keep the search file
// current (also where a test writes through the store itself).
import { keepSearchFileCurrent } from '../src/snapshot/keep-current.js';

keepSearchFileCurrent();
