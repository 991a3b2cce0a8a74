package api_test

import (
	"testing"

	"linguaport/internal/testenv"
)

// TestMain is the one of the package's tests (applications and profiles alike): it stops what
// testenv started.
func TestMain(m *testing.M) { testenv.Main(m) }
