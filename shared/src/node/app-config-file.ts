/**
 * The app configuration at run time (issue 32): the preset of the site's variant (BASE_CONFIG or CHINA_CONFIG),
 * under the operator's JSON file (APP_CONFIG_FILE), under the two environment switches kept from before
 * (SITE_VARIANT picks the preset when the file names no variant; RUSSIAN_IS_AVAILABLE=0/1). Read once at start by
 * the host server (which inlines it into every page) and the API; a change needs a restart, never a rebuild.
 * A file that breaks the schema stops the start with a message naming each wrong item.
 */
import { readFileSync } from 'node:fs';
import { appConfigFor, type AppConfig } from '../config/app-config';
import { AppConfigError, checkAppConfig, mergeConfig } from '../config/app-config-schema';

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const file = env.APP_CONFIG_FILE?.trim();
  let fromFile: Record<string, unknown> = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new AppConfigError(`APP_CONFIG_FILE ${file}`, [`cannot be read: ${(error as Error).message}`]);
    }
    try {
      fromFile = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new AppConfigError(`APP_CONFIG_FILE ${file}`, [`is not JSON: ${(error as Error).message}`]);
    }
    if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)) throw new AppConfigError(`APP_CONFIG_FILE ${file}`, ['must be a JSON object']);
    if ('debugOrigins' in fromFile) throw new AppConfigError(`APP_CONFIG_FILE ${file}`, ['debugOrigins: set by MFE_OVERRIDE_ORIGINS, not the file']);
  }
  const variant = fromFile.variant === 'china' || (fromFile.variant === undefined && env.SITE_VARIANT === 'china') ? 'china' : fromFile.variant ?? 'base';
  const preset = appConfigFor(variant === 'china' ? 'china' : 'base');
  const merged = mergeConfig<Record<string, unknown>>({ ...preset, debugOrigins: undefined }, { ...fromFile, variant });
  if (env.RUSSIAN_IS_AVAILABLE !== undefined && env.RUSSIAN_IS_AVAILABLE !== '') merged.russianIsAvailable = env.RUSSIAN_IS_AVAILABLE !== '0';
  delete merged.debugOrigins;
  const checked = checkAppConfig(merged, file ? `APP_CONFIG_FILE ${file}` : `SITE_VARIANT ${variant}`);
  return { ...checked, debugOrigins: [] };
}
