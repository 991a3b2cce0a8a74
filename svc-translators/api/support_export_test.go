package api

// SupportFieldTexts lets the tickets' tests check that every refusal has its words.
var SupportFieldTexts = supportFieldTexts
