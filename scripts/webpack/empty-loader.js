// Replaces a module with nothing (CSS in the server bundle).
module.exports = function emptyLoader() {
  return '';
};
