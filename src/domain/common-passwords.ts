// The most common passwords of public breach corpora that are 8 characters or longer (D4, NIST SP
// 800-63B "commonly-used values"). Compared case-insensitively.
const LIST = `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
12345678 123456789 1234567890 12345678910 123123123 987654321 11111111 111111111 00000000 88888888
qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx asdfghjkl asdfasdf qazwsxedc
iloveyou iloveyou1 sunshine sunshine1 princess princess1 football football1 baseball baseball1
superman trustno1 letmein1 letmeinnow welcome1 welcome123 whatever starwars computer michelle
jennifer abcd1234 abcdefgh abc12345 charlie1 access14 master12 mustang1 shadow12 dragon12
monkey12 freedom1 jordan23 liverpool chelsea1 arsenal1 butterfly basketball cookie123 changeme
changeme1 default1 administrator admin123 admin1234 adminadmin rootroot test1234 testtest
temp1234 secret12 hello123 helloworld internet lovely123 nicole12 daniel12 babygirl1 samsung1
michael1 jessica1 ashley12 123qweasd qweasdzxc zxcvbnm1 zxcvbnmm aa123456 a1234567 a12345678
1234qwer qwer1234 11223344 12344321 147258369 159753456 12341234 1111111111 0987654321
nursing1 nurse123 hospital clinical1 student1 student123 placement spring2026 summer2026
autumn2026 winter2026 fall2026 january1 december1`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
