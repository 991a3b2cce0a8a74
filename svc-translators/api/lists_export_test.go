package api

// ListFieldTexts lets the tests check the staff lists' refusals are worded.
var ListFieldTexts = listFieldTexts
