package vkn

import "testing"

// The demo agency's VKN (internal/company/demo.json) passes; every other last digit, a short or
// long number and letters do not.
func TestValid(t *testing.T) {
	const good = "6080512349"
	if !Valid(good) {
		t.Fatalf("%s refused", good)
	}
	for d := byte('0'); d <= '9'; d++ {
		n := good[:9] + string(d)
		if Valid(n) != (n == good) {
			t.Errorf("VKN %s valid = %v", n, Valid(n))
		}
	}
	for _, bad := range []string{"", "608051234", "60805123490", "608051234a", "6O80512349"} {
		if Valid(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
