// Exports STRIPE_CURRENCIES, StripeCurrency, currencyName, isStripeCurrency: one module because
// they are one table and its two look-ups. Zod-free, so any bundle may import it.

/** A currency a store can charge in. */
export interface StripeCurrency {
  /** ISO 4217, upper case. */
  code: string;
  /** English name, for the currency picker ("Australian dollar"). */
  name: string;
  /** Decimals of the amount sent to Stripe: 0 (JPY), 2 (USD) or 3 (KWD); money.ts agrees. */
  digits: number;
}

/**
 * Every currency Stripe accepts for charges (its presentment currencies, including the
 * three-decimal ones it takes in some countries), by code. The names are written here rather than
 * read from Intl.DisplayNames, which differs between runtimes and has none for some codes.
 * Digits are Stripe's API exponent, which is not always Intl's (ISK, HUF, TWD, COP, IDR…).
 */
const TABLE = `
  AED 2 United Arab Emirates dirham
  AFN 2 Afghan afghani
  ALL 2 Albanian lek
  AMD 2 Armenian dram
  ANG 2 Netherlands Antillean guilder
  AOA 2 Angolan kwanza
  ARS 2 Argentine peso
  AUD 2 Australian dollar
  AWG 2 Aruban florin
  AZN 2 Azerbaijani manat
  BAM 2 Bosnia and Herzegovina convertible mark
  BBD 2 Barbadian dollar
  BDT 2 Bangladeshi taka
  BGN 2 Bulgarian lev
  BHD 3 Bahraini dinar
  BIF 0 Burundian franc
  BMD 2 Bermudian dollar
  BND 2 Brunei dollar
  BOB 2 Bolivian boliviano
  BRL 2 Brazilian real
  BSD 2 Bahamian dollar
  BWP 2 Botswana pula
  BYN 2 Belarusian ruble
  BZD 2 Belize dollar
  CAD 2 Canadian dollar
  CDF 2 Congolese franc
  CHF 2 Swiss franc
  CLP 0 Chilean peso
  CNY 2 Chinese yuan
  COP 2 Colombian peso
  CRC 2 Costa Rican colón
  CVE 2 Cape Verdean escudo
  CZK 2 Czech koruna
  DJF 0 Djiboutian franc
  DKK 2 Danish krone
  DOP 2 Dominican peso
  DZD 2 Algerian dinar
  EGP 2 Egyptian pound
  ETB 2 Ethiopian birr
  EUR 2 Euro
  FJD 2 Fijian dollar
  FKP 2 Falkland Islands pound
  GBP 2 British pound
  GEL 2 Georgian lari
  GIP 2 Gibraltar pound
  GMD 2 Gambian dalasi
  GNF 0 Guinean franc
  GTQ 2 Guatemalan quetzal
  GYD 2 Guyanese dollar
  HKD 2 Hong Kong dollar
  HNL 2 Honduran lempira
  HTG 2 Haitian gourde
  HUF 2 Hungarian forint
  IDR 2 Indonesian rupiah
  ILS 2 Israeli new shekel
  INR 2 Indian rupee
  ISK 2 Icelandic króna
  JMD 2 Jamaican dollar
  JOD 3 Jordanian dinar
  JPY 0 Japanese yen
  KES 2 Kenyan shilling
  KGS 2 Kyrgyz som
  KHR 2 Cambodian riel
  KMF 0 Comorian franc
  KRW 0 South Korean won
  KWD 3 Kuwaiti dinar
  KYD 2 Cayman Islands dollar
  KZT 2 Kazakhstani tenge
  LAK 2 Laotian kip
  LBP 2 Lebanese pound
  LKR 2 Sri Lankan rupee
  LRD 2 Liberian dollar
  LSL 2 Lesotho loti
  MAD 2 Moroccan dirham
  MDL 2 Moldovan leu
  MGA 0 Malagasy ariary
  MKD 2 Macedonian denar
  MMK 2 Myanmar kyat
  MNT 2 Mongolian tugrik
  MOP 2 Macanese pataca
  MUR 2 Mauritian rupee
  MVR 2 Maldivian rufiyaa
  MWK 2 Malawian kwacha
  MXN 2 Mexican peso
  MYR 2 Malaysian ringgit
  MZN 2 Mozambican metical
  NAD 2 Namibian dollar
  NGN 2 Nigerian naira
  NIO 2 Nicaraguan córdoba
  NOK 2 Norwegian krone
  NPR 2 Nepalese rupee
  NZD 2 New Zealand dollar
  OMR 3 Omani rial
  PAB 2 Panamanian balboa
  PEN 2 Peruvian sol
  PGK 2 Papua New Guinean kina
  PHP 2 Philippine peso
  PKR 2 Pakistani rupee
  PLN 2 Polish zloty
  PYG 0 Paraguayan guarani
  QAR 2 Qatari riyal
  RON 2 Romanian leu
  RSD 2 Serbian dinar
  RUB 2 Russian ruble
  RWF 0 Rwandan franc
  SAR 2 Saudi riyal
  SBD 2 Solomon Islands dollar
  SCR 2 Seychellois rupee
  SEK 2 Swedish krona
  SGD 2 Singapore dollar
  SHP 2 Saint Helena pound
  SLE 2 Sierra Leonean leone
  SOS 2 Somali shilling
  SRD 2 Surinamese dollar
  STD 2 São Tomé and Príncipe dobra
  SZL 2 Swazi lilangeni
  THB 2 Thai baht
  TJS 2 Tajikistani somoni
  TND 3 Tunisian dinar
  TOP 2 Tongan paʻanga
  TRY 2 Turkish lira
  TTD 2 Trinidad and Tobago dollar
  TWD 2 New Taiwan dollar
  TZS 2 Tanzanian shilling
  UAH 2 Ukrainian hryvnia
  UGX 0 Ugandan shilling
  USD 2 US dollar
  UYU 2 Uruguayan peso
  UZS 2 Uzbekistani som
  VND 0 Vietnamese dong
  VUV 0 Vanuatu vatu
  WST 2 Samoan tala
  XAF 0 Central African CFA franc
  XCD 2 East Caribbean dollar
  XCG 2 Caribbean guilder
  XOF 0 West African CFA franc
  XPF 0 CFP franc
  YER 2 Yemeni rial
  ZAR 2 South African rand
  ZMW 2 Zambian kwacha
`;

export const STRIPE_CURRENCIES: readonly StripeCurrency[] = Object.freeze(
  TABLE.trim()
    .split('\n')
    .map((line) => {
      const [, code = '', digits = '2', name = ''] = /^\s*([A-Z]{3}) ([023]) (.+)$/.exec(line) ?? [];
      return Object.freeze({ code, name, digits: Number(digits) });
    }),
);

const BY_CODE: ReadonlyMap<string, StripeCurrency> = new Map(STRIPE_CURRENCIES.map((currency) => [currency.code, currency]));

const normal = (code: string) => code.trim().toUpperCase();

/** True when a store may charge in `code` (any case). */
export function isStripeCurrency(code: string): boolean {
  return BY_CODE.has(normal(code));
}

/** The English name of a Stripe currency ("AUD" → "Australian dollar"); null for any other code. */
export function currencyName(code: string): string | null {
  return BY_CODE.get(normal(code))?.name ?? null;
}
