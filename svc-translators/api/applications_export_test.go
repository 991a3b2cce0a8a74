package api

// ApplicationFieldTexts lets the applications' tests check every refusal's words.
var ApplicationFieldTexts = applicationFieldTexts
