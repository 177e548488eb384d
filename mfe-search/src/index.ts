// A remote is used through its federated exposes (see webpack.config.js); this entry only names the build.
export const MFE = 'mfe-search';
