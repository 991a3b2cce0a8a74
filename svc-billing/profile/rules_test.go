package profile

import "testing"

// Known numbers: the valid ones are published examples (python-stdnum's tr.tckimlik and tr.vkn
// test data) or follow from the rule as written; each invalid one breaks exactly one thing.
func TestTCKN(t *testing.T) {
	for _, c := range []struct {
		n             string
		format, valid bool
	}{
		{"10000000146", true, true},
		{"17291716060", true, true},
		{"12345678950", true, true},
		// (1*7 − 36) mod 10 is 1, not Go's −9: the difference can be negative.
		{"19090909018", true, true},
		{"17291716050", true, false}, // d10 wrong
		{"17291716061", true, false}, // d11 wrong
		{"10000000135", true, false}, // d10 wrong, d11 right for that d10: only the d10 rule refuses it
		{"10000000147", true, false}, // d10 right, d11 wrong
		{"12345678951", true, false},
		{"07291716092", false, false}, // starts with 0
		{"00000000000", false, false},
		{"1729171606A", false, false},
		{"1729171606", false, false},   // 10 digits
		{"172917160600", false, false}, // 12 digits
		{"", false, false},
		{"１7291716060", false, false}, // a full-width digit is not a digit here
	} {
		if got := ValidTCKNFormat(c.n); got != c.format {
			t.Errorf("ValidTCKNFormat(%q) = %v, want %v", c.n, got, c.format)
		}
		if got := ValidTCKN(c.n); got != c.valid {
			t.Errorf("ValidTCKN(%q) = %v, want %v", c.n, got, c.valid)
		}
	}
}

func TestVKN(t *testing.T) {
	for _, c := range []struct {
		n             string
		format, valid bool
	}{
		{"4540536920", true, true},
		{"4540536938", true, true}, // check digit of 454053693 is 8
		// Its first digit gives t = 0, which adds nothing: implementations that add 9 for it
		// (a common mistake) refuse this number.
		{"1234567890", true, true},
		{"4540536921", true, false},
		{"4540536930", true, false},
		{"1234567891", true, false},
		{"0000000000", true, false},
		{"454053692", false, false},
		{"45405369200", false, false},
		{"123456789a", false, false},
		{"", false, false},
	} {
		if got := ValidVKNFormat(c.n); got != c.format {
			t.Errorf("ValidVKNFormat(%q) = %v, want %v", c.n, got, c.format)
		}
		if got := ValidVKN(c.n); got != c.valid {
			t.Errorf("ValidVKN(%q) = %v, want %v", c.n, got, c.valid)
		}
	}
}

// Exactly one check digit in ten is right: changing the last digit of a valid number must make
// it invalid nine times out of nine.
func TestOneCheckDigitPerNumber(t *testing.T) {
	for _, base := range []string{"4540536920", "1234567890", "4540536938"} {
		for d := '0'; d <= '9'; d++ {
			n := base[:9] + string(d)
			if ValidVKN(n) != (n == base) {
				t.Errorf("VKN %s valid = %v", n, ValidVKN(n))
			}
		}
	}
	for _, base := range []string{"10000000146", "17291716060"} {
		for d := '0'; d <= '9'; d++ {
			for _, n := range []string{base[:9] + string(d) + base[10:], base[:10] + string(d)} {
				if ValidTCKN(n) != (n == base) {
					t.Errorf("TCKN %s valid = %v", n, ValidTCKN(n))
				}
			}
		}
	}
}
