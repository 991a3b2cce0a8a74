package platform_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"linguaport/internal/config"
	"linguaport/internal/platform"
)

// A malformed variable, the service's own or the platform's, stops the process with status 2
// and names the variable, before anything is connected.
func TestStartRefusesABadEnvironment(t *testing.T) {
	if os.Getenv("PLATFORM_CHILD") == "1" {
		env := config.FromOS()
		cfg := config.LoadService(env, "svc-test", ":0")
		_ = env.Int("TEST_LIMIT", 5)
		platform.Start(env, cfg, platform.Needs{Mongo: true})
		return
	}
	for _, bad := range []string{"TEST_LIMIT=many", "TRUSTED_PROXIES=not-a-network", "CONSUL_CHECK_INTERVAL=soon"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStartRefusesABadEnvironment$")
		cmd.Env = append(os.Environ(), "PLATFORM_CHILD=1", bad)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(out.String(), strings.SplitN(bad, "=", 2)[0]) {
			t.Errorf("%s: %v\n%s", bad, err, out.String())
		}
	}
}
