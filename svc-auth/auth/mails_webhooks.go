package auth

import (
	"maps"

	"linguaport/internal/i18n"
	"linguaport/svc-auth/webhooks"
)

// The mail telling a customer one of their webhook endpoints was turned off (svc-auth/webhooks):
// it answered 410 Gone, or failed every delivery for five days. Their systems stopped hearing
// from LinguaPort, so it is a mail they must get; it says why and leads to the endpoint's page,
// where it is enabled again and what was held meanwhile is sent.
var webhookKinds = map[string]mailKind{
	webhooks.MailDisabled: {
		Subject: i18n.Text{TR: "Webhook uç noktanız kapatıldı", EN: "Your webhook endpoint was disabled"},
		Lines: []i18n.Text{
			{TR: "Şu adrese webhook göndermeyi durdurduk:", EN: "We stopped sending webhooks to this address:"},
			{TR: "{url}", EN: "{url}"},
			{TR: "{reason}", EN: "{reason}"},
			{TR: "Kapalıyken olan olaylar saklanır. Sorunu giderip uç noktayı etkinleştirdiğinizde gönderilirler.",
				EN: "Events that happen while it is disabled are kept and sent when you fix the problem and enable the endpoint."},
		},
		Button: i18n.Text{TR: "Uç noktayı açın", EN: "Open the endpoint"},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort hesabınıza kayıtlı webhook uç noktası hakkında gönderiyoruz; bu e-postalar kapatılamaz.",
			EN: "You get this mail about a webhook endpoint registered to your LinguaPort account; these mails cannot be turned off.",
		},
		Fill: fillWith(func(c *composer, p webhooks.DisabledMail) error {
			c.set("url", p.URL)
			c.set("reason", c.say(webhookDisabledWhy[p.Reason]))
			if p.FailingSince != nil {
				c.moment(i18n.Text{TR: "İlk başarısız gönderim", EN: "First failed delivery"}, *p.FailingSince)
			}
			c.moment(i18n.Text{TR: "Kapatıldığı zaman", EN: "Disabled at"}, p.At)
			link := "?endpoint=" + p.EndpointID
			if p.Sandbox {
				c.set("url", p.URL+" "+c.say(i18n.Text{TR: "(deneme ortamı)", EN: "(sandbox)"}))
				link += "&space=sandbox"
			}
			c.link = c.page("webhooks", link)
			return nil
		}),
	},
}

var webhookDisabledWhy = map[string]i18n.Text{
	webhooks.DisabledGone: {TR: "Adres 410 Gone yanıtı verdi: artık webhook almak istemediğini bildirdi.",
		EN: "The address answered 410 Gone: it said it no longer wants webhooks."},
	webhooks.DisabledFailing: {TR: "Adrese beş gündür hiçbir gönderim ulaştırılamadı.",
		EN: "No delivery has reached the address for five days."},
}

func init() { maps.Copy(mailKinds, webhookKinds) }
