/**
 * Code lists for region detection (spec §4). A code outside these lists is "unknown" and the
 * detection moves on to its next source.
 */
const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

/** ISO 3166-1 alpha-2, all assigned codes, plus XK (Kosovo, used by geo-IP services). */
export const ISO_COUNTRY_CODES = words(`
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
  BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
  CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
  LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
  MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
  PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
  SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
  TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW
`);

/** ISO 4217 currencies in circulation, plus CNH (offshore yuan, reported by currency services). */
export const ISO_CURRENCY_CODES = words(`
  AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
  CAD CDF CHF CLP CNH CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP
  GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD
  KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO
  NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL
  SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST
  XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL
`);

/**
 * Sydney serves Asia-Pacific and South Asia (spec §4): Oceania and the Pacific islands, East and
 * South-East Asia, and South Asia from Pakistan eastwards. The boundary: Afghanistan, Central
 * Asia, the Caucasus, the Middle East, Russia (its Asian zones included) and the western Indian
 * Ocean (Mauritius, Seychelles, Madagascar) use us-central; so do Hawaii and other US states.
 */
export const SYDNEY_COUNTRIES = words(`
  AU NZ NF CX CC HM
  FJ PG SB VU NC PF WS AS TO TV KI NR PW FM MH MP GU CK NU TK WF PN
  SG MY ID TH VN PH KH LA MM BN TL
  JP KR KP CN HK MO TW MN
  IN PK BD LK NP BT MV IO
`);

/** The currencies of the Sydney countries (TL and the US Pacific territories use USD: not listed). */
export const SYDNEY_CURRENCIES = words(`
  AUD NZD FJD PGK SBD VUV XPF WST TOP
  SGD MYR IDR THB VND PHP KHR LAK MMK BND
  JPY KRW KPW CNY CNH HKD MOP TWD MNT
  INR PKR BDT LKR NPR BTN MVR
`);

/** Every Australia/* zone counts; these are the other Sydney zones, canonical names and aliases. */
export const SYDNEY_TIME_ZONE_PREFIXES = ['Australia/'] as const;
export const SYDNEY_TIME_ZONES = words(`
  Pacific/Auckland Pacific/Chatham NZ NZ-CHAT Antarctica/McMurdo Antarctica/South_Pole
  Antarctica/Macquarie Antarctica/Casey Antarctica/Davis Antarctica/Mawson Antarctica/DumontDUrville
  Pacific/Norfolk Indian/Christmas Indian/Cocos Indian/Chagos Indian/Maldives
  Pacific/Fiji Pacific/Port_Moresby Pacific/Bougainville Pacific/Guadalcanal Pacific/Efate
  Pacific/Noumea Pacific/Tahiti Pacific/Marquesas Pacific/Gambier Pacific/Apia Pacific/Pago_Pago
  Pacific/Samoa US/Samoa Pacific/Tongatapu Pacific/Funafuti Pacific/Tarawa Pacific/Kanton
  Pacific/Enderbury Pacific/Kiritimati Pacific/Nauru Pacific/Palau Pacific/Chuuk Pacific/Truk
  Pacific/Yap Pacific/Pohnpei Pacific/Ponape Pacific/Kosrae Pacific/Majuro Pacific/Kwajalein
  Kwajalein Pacific/Saipan Pacific/Guam Pacific/Rarotonga Pacific/Niue Pacific/Fakaofo
  Pacific/Wallis Pacific/Pitcairn Pacific/Wake
  Asia/Singapore Singapore Asia/Kuala_Lumpur Asia/Kuching Asia/Jakarta Asia/Pontianak
  Asia/Makassar Asia/Ujung_Pandang Asia/Jayapura Asia/Bangkok Asia/Ho_Chi_Minh Asia/Saigon
  Asia/Manila Asia/Phnom_Penh Asia/Vientiane Asia/Yangon Asia/Rangoon Asia/Brunei Asia/Dili
  Asia/Tokyo Japan Asia/Seoul ROK Asia/Pyongyang Asia/Shanghai PRC Asia/Chongqing Asia/Chungking
  Asia/Harbin Asia/Urumqi Asia/Kashgar Asia/Hong_Kong Hongkong Asia/Macau Asia/Macao
  Asia/Taipei ROC Asia/Ulaanbaatar Asia/Ulan_Bator Asia/Hovd Asia/Choibalsan
  Asia/Kolkata Asia/Calcutta Asia/Karachi Asia/Dhaka Asia/Dacca Asia/Colombo Asia/Kathmandu
  Asia/Katmandu Asia/Thimphu Asia/Thimbu
`);
