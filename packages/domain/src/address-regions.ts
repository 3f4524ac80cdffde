/**
 * Countries whose postal addresses carry a state, province or other first-level region
 * (prefecture, emirate, department...), so an address there is incomplete without one.
 *
 * The list is the set for which Google's address metadata (libaddressinput, used by browsers'
 * address forms) requires the administrative area, plus Argentina and Nigeria, whose addresses
 * are written with their province or state although that metadata leaves it optional. Countries
 * without such a line (Iceland, Singapore, Monaco, Luxembourg, the Netherlands...) or where it is
 * customary but optional (Ireland's county, the United Kingdom's county) are not in it.
 */
export const STATE_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set([
  "AE", // United Arab Emirates (emirate)
  "AR", // Argentina (province)
  "AU", // Australia (state)
  "BR", // Brazil (state)
  "CA", // Canada (province)
  "CN", // China (province)
  "CO", // Colombia (department)
  "CR", // Costa Rica (province)
  "ES", // Spain (province)
  "FM", // Micronesia (state)
  "HN", // Honduras (department)
  "IN", // India (state)
  "IQ", // Iraq (province)
  "IT", // Italy (province)
  "JM", // Jamaica (parish)
  "JP", // Japan (prefecture)
  "KR", // South Korea (province)
  "MH", // Marshall Islands (atoll)
  "MM", // Myanmar (state or region)
  "MX", // Mexico (state)
  "MY", // Malaysia (state)
  "NG", // Nigeria (state)
  "PE", // Peru (region)
  "PH", // Philippines (province)
  "PW", // Palau (state)
  "SO", // Somalia (region)
  "TH", // Thailand (province)
  "TW", // Taiwan (county or city)
  "US", // United States (state)
  "VE", // Venezuela (state)
]);

/** Whether an address in `country` (a code, any case) must give its State/Province. */
export function stateRequired(country: string | null | undefined): boolean {
  return typeof country === "string" && STATE_REQUIRED_COUNTRIES.has(country.trim().toUpperCase());
}
