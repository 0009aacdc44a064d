/**
 * Well-known common passwords of at least 6 characters (SECURITY: "common passwords refused";
 * NIST SP 800-63B 3.1.1.2 blocklist). Drawn from the most frequent entries of public breach
 * corpora (SecLists top lists, NCSC 100k); compared lower-case.
 */
const LIST = `
123456 1234567 12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 654321
111111 1111111 11111111 000000 0000000 00000000 222222 333333 444444 555555 666666 777777 888888
999999 121212 123123 123321 112233 123654 159753 147258 147258369 741852963 789456 789456123
456789 123qwe 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qwerty qwerty1
qwerty12 qwerty123 qwertyuiop qwert12345 qwe123 qweasd qweasdzxc asdfgh asdfghjkl asdf1234
zxcvbn zxcvbnm 1234qwer abc123 abcd1234 abcdef abc12345 a123456 a12345678 aa123456 123abc
password password1 password12 password123 password! passw0rd p@ssw0rd p@ssword pa55word
passwort motdepasse contraseña senha123 iloveyou iloveyou1 iloveu princess princess1 sunshine
sunshine1 monkey monkey1 dragon dragon1 letmein letmein1 welcome welcome1 welcome123 football
football1 baseball basketball soccer hockey master master1 shadow shadow1 michael jennifer
jessica ashley charlie charlie1 thomas jordan jordan23 hunter hunter2 killer trustno1 superman
batman batman1 starwars pokemon computer internet freedom whatever secret secret1 qazwsx
mustang harley ranger buster tigger summer summer1 winter spring autumn flower flowers butterfly
cookie chocolate cheese banana orange purple yellow silver golden diamond matrix hello1 hello123
hellohello loveme lovely love123 iloveyou2 babygirl angel1 anthony andrew daniel robert william
joshua matthew nicole hannah amanda samantha michelle jasmine liverpool chelsea arsenal
manchester juventus barcelona 666666a 7777777 123456a 123456q 12345a 12345q 1234abcd abcd123
admin123 administrator root123 toor123 changeme default guest123 test123 testing tester demo123
login123 user123 access access14 master123 pass1234 pass123 passpass mypassword newpassword
shopfront shopfront1 creator creator1 1password 11223344 12341234 121314 131313 123123123
aaaaaa aaaaaaa aaaaaaaa azerty azerty123 qwertz 159357 147852 258456 0987654321 asdasd asdqwe
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((word) => word.length >= 6));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
