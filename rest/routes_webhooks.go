package rest

const webhookPath = "/v1/orgs/{organizationId}/webhooks/{webhookId}"

// webhookRoutes manage an organization's webhooks and their delivery logs
// (docs/api/webhooks.md).
var webhookRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/webhooks", Op: "ListWebhooks", Result: "organization.webhooks", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/webhooks", Op: "CreateWebhook", Body: true, Status: created},
	{Method: get, Path: webhookPath, Op: "GetWebhook", Result: "organization.webhook", Status: ok},
	{Method: patch, Path: webhookPath, Op: "UpdateWebhook", Body: true, Status: ok},
	{Method: del, Path: webhookPath, Op: "DeleteWebhook", Status: noContent},
	{Method: get, Path: webhookPath + "/deliveries", Op: "ListWebhookDeliveries", Result: "organization.webhook.deliveries", Query: pageParams, Status: ok},
	{Method: post, Path: webhookPath + "/deliveries/{deliveryId}/redeliver", Op: "RedeliverWebhookDelivery", Status: created},
}
