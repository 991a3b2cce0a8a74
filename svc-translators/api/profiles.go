package api

import (
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// profileRoutes serve the translator's profile (API.md "The translator's profile").
func profileRoutes(Services) []route { return nil }

// explainProfiles maps the profiles' errors to their Problems.
func explainProfiles(error) *httpx.Problem { return nil }

// profileFieldTexts word the profile's refusals.
var profileFieldTexts = map[string]map[string]i18n.Text{}
