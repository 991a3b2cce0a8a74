package platform

import "testing"

// A consumer's name is the same for the same instance after a restart and differs between two
// instances on one host; without a fixed port there is none to keep (events' default is used).
func TestConsumerName(t *testing.T) {
	for _, tc := range []struct{ group, host, addr, want string }{
		{"svc-orders", "pod-7f9c", ":8083", "svc-orders-pod-7f9c-8083"},
		{"svc-orders", "dev", "127.0.0.1:8083", "svc-orders-dev-8083"},
		{"svc-orders", "dev", "127.0.0.1:9083", "svc-orders-dev-9083"},
		{"svc-auth-inbox", "dev", "[::1]:8081", "svc-auth-inbox-dev-8081"},
		{"svc-orders", "dev", ":0", ""},
		{"svc-orders", "dev", "nonsense", ""},
		{"svc-orders", "", ":8083", ""},
	} {
		if got := consumerName(tc.group, tc.host, tc.addr); got != tc.want {
			t.Errorf("consumerName(%q, %q, %q) = %q, want %q", tc.group, tc.host, tc.addr, got, tc.want)
		}
	}
}
