package api

import (
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// applicationRoutes serve the applications (API.md "Applications").
func applicationRoutes(Services) []route { return nil }

// explainApplications maps the applications' errors to their Problems.
func explainApplications(error) *httpx.Problem { return nil }

// applicationFieldTexts word the application form's refusals.
var applicationFieldTexts = map[string]map[string]i18n.Text{}
