/**
 * Very common passwords, as they appear at the top of public frequency lists (see README.md).
 * Every entry is lowercase-or-digit ASCII without ':' so it fits `user:hash` lines and shell
 * arguments. The hash-cracking and ZIP challenges draw their passwords from this list, and players
 * find every entry in the usual wordlists (rockyou.txt, John the Ripper's password.lst).
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567', 'dragon',
  '123123', 'baseball', 'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow', 'master', '666666',
  'qwertyuiop', '123321', 'mustang', '1234567890', 'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212',
  '000000', 'qazwsx', '123qwe', 'killer', 'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter',
  'buster', 'soccer', 'harley', 'batman', 'andrew', 'tigger', 'sunshine', 'iloveyou', 'carmen', '2000',
  'charlie', 'robert', 'thomas', 'hockey', 'ranger', 'daniel', 'starwars', 'a1b2c3', '112233', 'george',
  'computer', 'michelle', 'jessica', 'pepper', '1111', 'zxcvbn', '555555', '11111111', '131313', 'freedom',
  '777777', 'pass', 'maggie', '159753', 'aaaaaa', 'ginger', 'princess', 'joshua', 'cheese', 'amanda',
  'summer', 'love', 'ashley', 'nicole', 'chelsea', 'sunflower', 'matthew', 'access', 'yankees', '987654321',
  'dallas', 'austin', 'thunder', 'taylor', 'matrix', 'service', 'william', 'corvette', 'hello', 'martin',
  'heather', 'secret', 'merlin', 'diamond', '1234qwer', 'canada', 'hammer', 'silver', '222222', '88888888',
  'anthony', 'justin', 'test', 'bailey', 'donald', 'patrick', 'internet', 'scooter', 'orange', '11111',
  'golfer', 'cookie', 'richard', 'samantha', 'bigdog', 'guitar', 'jackson', 'whatever', 'mickey', 'chicken',
  'sparky', 'snoopy', 'maverick', 'phoenix', 'camaro', 'peanut', 'morgan', 'welcome', 'falcon', 'cowboy',
  'ferrari', 'samsung', 'andrea', 'smokey', 'steelers', 'joseph', 'mercedes', 'dakota', 'arsenal', 'eagles',
  'melissa', 'boomer', 'booboo', 'spider', 'nascar', 'monster', 'tigers', 'yellow', 'xxxxxx', '123123123',
  'gateway', 'marina', 'diablo', 'bulldog', 'changeme', 'compaq', 'purple', 'football1', 'banana', 'junior',
  'hannah', '123654', 'porsche', 'lakers', 'iceman', 'money', 'cowboys', '987654', 'london', 'tennis',
  '999999', 'ncc1701', 'coffee', 'scooby', '0000', 'miller', 'boston', 'q1w2e3r4', 'brandon', 'yamaha',
  'chester', 'mother', 'forever', 'johnny', 'edward', '333333', 'oliver', 'redsox', 'player', 'nikita',
  'knight', 'fender', 'barney', 'midnight', 'please', 'brandy', 'chicago', 'badboy', 'slayer', 'rangers',
  'charles', 'angel', 'flower', 'tiger', 'rabbit', 'wizard', 'jasper', 'enter', 'rachel', 'chris',
  'steven', 'winner', 'adidas', 'victoria', 'natasha', '1q2w3e4r', 'jasmine', 'winter', 'prince', 'abcdef',
  'marine', 'apple', 'fishing', 'cocacola', 'casper', 'james', '232323', 'raiders', '888888', 'marlboro',
  'gandalf', 'asdfasdf', 'crystal', '87654321', 'magic', 'golden', '8675309', 'admin', 'happy', 'password1',
];
