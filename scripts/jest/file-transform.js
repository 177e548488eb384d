// Files imported for their URL (images): the URL is the file's name, as the build's asset modules give one.
const path = require('node:path');

module.exports = {
  process(_source, file) {
    return { code: `module.exports = ${JSON.stringify('/assets/' + path.basename(file))};` };
  },
};
