// Package vkn checks Turkish tax numbers (Vergi Kimlik Numarası), which both the agency's own
// facts (internal/company) and customers' billing details (svc-billing/profile) carry.
package vkn

// Valid reports whether s is a VKN: ten digits whose last is the check digit of the first nine,
// by the Revenue Administration's algorithm. For the i-th digit d (i = 1…9, from the left)
//
//	t = (d + 10 − i) mod 10
//	v = 0 when t = 0; otherwise (t · 2^(10−i)) mod 9, or 9 when that is 0
//
// and the check digit is (10 − (Σv mod 10)) mod 10.
func Valid(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	sum := 0
	for i := 1; i <= 9; i++ {
		t := (int(s[i-1]-'0') + 10 - i) % 10
		if t == 0 {
			continue
		}
		v := (t << (10 - i)) % 9
		if v == 0 {
			v = 9
		}
		sum += v
	}
	return int(s[9]-'0') == (10-sum%10)%10
}
