package api

// ProfileFieldTexts lets the tests check that every reason of the profiles has its words.
var ProfileFieldTexts = profileFieldTexts
