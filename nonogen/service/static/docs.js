/* global SwaggerUIBundle -- loaded by docs.html from fastapi-offline's files before this script */
// The API docs: Swagger UI (shipped by fastapi-offline) over the service's OpenAPI schema.
// A file rather than an inline script, so that the docs page's CSP needs no 'unsafe-inline'.

window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
