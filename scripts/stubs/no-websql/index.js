// pouchdb-server loads this only with --sqlite, which this project never uses.
throw new Error('pouchdb-server --sqlite is not installed in this project: use --in-memory or a directory');
