package main

// mailLinkSecret signs the links svc-auth mails under `make up`. It is fixed, as the payment
// stand-in's keys are, so links mailed before a restart of the stack still work after it; a
// deployment sets its own random MAIL_LINK_SECRET (README).
const mailLinkSecret = "make-up-local-mail-link-secret-not-for-deployments"

// staffMailTo is where `make up` sends staff mails: read them in the capture like any other.
const staffMailTo = "operasyon@linguaport.com.tr"

// authEnv is svc-auth's own configuration: sign-in through the stand-in, and its mail.
func (s *stack) authEnv() []string {
	return append(s.signInEnv(),
		"MAIL_LINK_SECRET="+mailLinkSecret,
		"STAFF_MAIL_TO="+staffMailTo,
		"STAFF_MAIL_LANG=tr",
		// Webhook endpoints on this machine (a developer's receiver, the tests'), over plain
		// HTTP: a deployment takes HTTPS on public addresses only.
		"WEBHOOKS_ALLOW_HTTP=true",
		"WEBHOOKS_ALLOW_PRIVATE=true",
	)
}
