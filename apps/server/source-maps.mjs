// Loaded (--import) before the server's bundle, so stack traces name the .ts files and lines.
// Only our own code's maps: --enable-source-maps also reads every npm package's, ~20 MB of idle
// memory for frames nobody reads (issue 32).
import module from 'node:module';

if (module.setSourceMapsSupport) module.setSourceMapsSupport(true, { nodeModules: false });
else process.setSourceMapsEnabled(true);
