// Package otelcol proves docs/otel/collector.yaml with the real
// OpenTelemetry Collector: TestCollector builds one with the Collector's
// builder from the modules in manifest.yaml, runs it on a decision log
// that arbiter's hook wrote, and checks what it exports over OTLP. It is
// a Go module of its own, so that arbiter's go.mod holds none of the
// Collector's modules; run it with `cd e2e/otelcol && go test`.
package otelcol
