// The version shown by --version is package.json's, bundled in at build time.
import { version } from '../package.json';

export const VERSION: string = version;
