/** Shapes the seed generators share. */
import type { Insertable } from 'kysely';
import type { Schema } from '../schema';
import type { CitySeed, RegionSeed } from './data/geography';
import type { RestKindSeed, ShipSeed, WaterSeed } from './data/catalogue';

export type Rows = { [T in keyof Schema]: Insertable<Schema[T]>[] };

export interface GenerateOptions {
  seed: number;
  /** Number of tours (excursions and cruises included). */
  size: number;
  /** Generation date 'YYYY-MM-DD' (variants cover the next 12 months from it). */
  today: string;
}

/** Names in every content language: de/ru null means 'falls back to en'. */
export interface Names {
  en: string;
  cn: string;
  de: string | null;
  ru: string | null;
}

export interface RegionInfo {
  id: number;
  seed: RegionSeed;
  countryId: number;
  names: Names;
  short: Names;
  cities: CityInfo[];
  showplaces: PlaceInfo[];
  waters: WaterInfo[];
}

export interface CityInfo {
  id: number;
  seed: CitySeed;
  regionId: number;
  names: Names;
}

interface PlaceInfo {
  id: number;
  regionId: number;
  names: Names;
  lat: number;
  lng: number;
}

export interface WaterInfo {
  id: number;
  seed: WaterSeed;
  names: Names;
}

export interface RestKindInfo {
  id: number;
  seed: RestKindSeed;
  names: Names;
}

export interface ShipInfo {
  id: number;
  seed: ShipSeed;
  names: Names;
}

/** The reference data the tour generator draws from. */
export interface World {
  regions: RegionInfo[];
  regionByKey: Map<string, RegionInfo>;
  cityByEn: Map<string, CityInfo>;
  restKinds: RestKindInfo[];
  collections: { id: number; key: string }[];
  waters: WaterInfo[];
  ships: ShipInfo[];
  shipByKey: Map<string, ShipInfo>;
  waterByKey: Map<string, WaterInfo>;
  cruiseTypeIds: Record<'river' | 'sea' | 'lake', number>;
}
