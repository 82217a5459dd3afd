package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

// TestGoldenWebhookRoutes answers every webhook route once with stable
// bodies for the golden files: no workers run, so deliveries stay pending.
func TestGoldenWebhookRoutes(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	base := "/v1/orgs/" + org + "/webhooks"
	id := resttest.Str(alice.Post(base, map[string]any{"url": "https://hooks.example.com/folio", "events": []string{"space.*"}}).
		Expect(http.StatusCreated).JSON(), "id")
	alice.Get(base).Expect(http.StatusOK)
	alice.Get(base + "/" + id).Expect(http.StatusOK)
	alice.Patch(base+"/"+id, map[string]any{"events": []string{"space.created", "page.updated"}}).Expect(http.StatusOK)
	createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	var log deliveryList
	alice.Get(base + "/" + id + "/deliveries").Expect(http.StatusOK).Decode(&log)
	if len(log.Items) != 1 || log.Items[0].Status != "pending" || log.Items[0].EventType != "space.created" {
		t.Fatalf("deliveries = %+v", log)
	}
	alice.Post(base+"/"+id+"/deliveries/"+log.Items[0].ID+"/redeliver", nil).Expect(http.StatusCreated)
	alice.Delete(base + "/" + id).Expect(http.StatusNoContent)
}
