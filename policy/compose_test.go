package policy

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

const plainCompose = `name: app
x-common: &common
  restart: unless-stopped
  environment:
    TZ: UTC
services:
  web:
    <<: *common
    image: nginx:1.27
    ports: ["8080:80"]
    volumes:
      - ./site:/usr/share/nginx/html:ro
      - data:/var/lib/data
      - /etc/localtime:/etc/localtime:ro
    build:
      context: .
      args:
        VERSION: ${VERSION:-1}
    depends_on: [db]
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${PG_PASSWORD}
    volumes:
      - type: bind
        source: ./db
        target: /var/lib/postgresql/data
volumes:
  data: {}
`

func TestComposeFiles(t *testing.T) {
	svc := func(body string) string { return "services:\n  a:\n    image: alpine\n" + body }
	runReadCases(t, []readCase{
		{"privileged", map[string]string{"compose.yaml": svc("    privileged: true\n")}, "docker compose up -d", ask, "B12.privileged-container"},
		{"host root", map[string]string{"compose.yaml": svc("    volumes:\n      - /:/host\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"docker socket", map[string]string{"docker-compose.yml": svc("    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock\n")}, "docker compose create", ask, "B12.privileged-container"},
		{"network host and home", map[string]string{"compose.yml": svc("    network_mode: host\n    volumes:\n      - ~/:/h\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"include privileged", map[string]string{"compose.yaml": "include:\n  - deploy/other.yaml\nservices:\n  b:\n    image: alpine\n", "deploy/other.yaml": svc("    privileged: true\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"override file", map[string]string{"compose.yaml": svc(""), "compose.override.yaml": "services:\n  a:\n    cap_add: [SYS_ADMIN]\n"}, "docker compose start", ask, "B12.privileged-container"},
		{"-f named", map[string]string{"ops/c.yaml": svc("    pid: host\n")}, "docker compose -f ops/c.yaml up", ask, "B12.privileged-container"},
		{"COMPOSE_FILE in .env", map[string]string{".env": "COMPOSE_FILE=ops/c.yaml\n", "ops/c.yaml": svc("    devices: [/dev/sda]\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"extends", map[string]string{"compose.yaml": "services:\n  a:\n    extends:\n      file: base.yaml\n      service: b\n", "base.yaml": "services:\n  b:\n    image: alpine\n    security_opt: [seccomp=unconfined]\n"}, "docker compose up", ask, "B12.privileged-container"},
		{"anchor privileged", map[string]string{"compose.yaml": "x-p: &p\n  privileged: true\nservices:\n  a:\n    <<: *p\n    image: alpine\n"}, "docker compose up", ask, "B12.privileged-container"},
		{"secret from ssh", map[string]string{"compose.yaml": svc("    secrets: [k]\nsecrets:\n  k:\n    file: ~/.ssh/id_ed25519\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"volume device", map[string]string{"compose.yaml": svc("    volumes: [root:/host]\nvolumes:\n  root:\n    driver_opts:\n      type: none\n      o: bind\n      device: /\n")}, "docker compose up", ask, "B12.privileged-container"},
		{"parent folder", map[string]string{"compose.yaml": svc("    privileged: true\n"), "src/x.go": "package x\n"}, "cd src && docker compose up", ask, "B12.privileged-container"},
		{"docker-compose", map[string]string{"docker-compose.yml": svc("    privileged: true\n")}, "docker-compose up", ask, "B12.privileged-container"},
		{"podman-compose", map[string]string{"compose.yaml": svc("    privileged: true\n")}, "podman-compose up", ask, "B12.privileged-container"},
		{"podman compose", map[string]string{"compose.yaml": svc("    privileged: true\n")}, "podman compose up", ask, "B12.privileged-container"},

		{"variable source", map[string]string{"compose.yaml": svc("    volumes:\n      - ${SRC}:/data\n")}, "docker compose up", dfr, "U.unresolved"},
		{"variable privileged", map[string]string{"compose.yaml": svc("    privileged: ${P}\n")}, "docker compose up", dfr, "U.unresolved"},
		{"stdin", map[string]string{}, "docker compose -f - up", dfr, "U.unreadable-config"},
		{"unparsable", map[string]string{"compose.yaml": "services:\n  a: [\n"}, "docker compose up", dfr, "U.unreadable-config"},
		{"build outside", map[string]string{"compose.yaml": "services:\n  a:\n    build: ../elsewhere\n"}, "docker compose build", dfr, "C.run-outside-code"},
		{"build url", map[string]string{"compose.yaml": "services:\n  a:\n    build: https://example.com/r.git\n"}, "docker compose up", dfr, "C.run-outside-code"},

		{"plain", map[string]string{"compose.yaml": plainCompose}, "docker compose up -d", allow, "D5.build"},
		{"plain build", map[string]string{"compose.yaml": plainCompose}, "docker compose build", allow, "D5.build"},
		{"plain -f", map[string]string{"ops/c.yaml": plainCompose}, "docker compose -f ops/c.yaml up", allow, "D5.build"},
		{"plain podman", map[string]string{"compose.yaml": plainCompose}, "podman compose up", allow, "D5.build"},
		{"plain docker-compose", map[string]string{"docker-compose.yml": plainCompose}, "docker-compose up -d", allow, "D5.build"},
		{"plain parent", map[string]string{"compose.yaml": plainCompose, "src/x.go": "package x\n"}, "cd src && docker compose up", allow, "D5.build"},
		{"no file", map[string]string{}, "docker compose up", allow, "D5.build"},
		{"privileged not read for ps", map[string]string{"compose.yaml": svc("    privileged: true\n")}, "docker compose ps", allow, "D1.read-only"},
	})
}

// TestComposeAliasesBounded checks that a compose file whose aliases nest
// is deferred as unreadable instead of walked k^n times: each rule that
// looks through a service's settings walks every value an alias stands for.
func TestComposeAliasesBounded(t *testing.T) {
	levels := func(n int, key string) string {
		s := "x-l0: &l0 [" + strings.TrimSuffix(strings.Repeat(`"x", `, 30), ", ") + "]\n"
		for i := 1; i <= n; i++ {
			s += fmt.Sprintf("x-l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 30), ", "))
		}
		return s + "services:\n  web:\n    image: nginx\n    " + key + ": *l" + strconv.Itoa(n) + "\n"
	}
	runReadCases(t, []readCase{
		{"cap_add", map[string]string{"compose.yaml": levels(6, "cap_add")}, "docker compose up", dfr, "U.unreadable-config"},
		{"devices", map[string]string{"compose.yaml": levels(6, "devices")}, "docker compose up -d", dfr, "U.unreadable-config"},
		{"security_opt", map[string]string{"compose.yaml": levels(6, "security_opt")}, "docker compose up", dfr, "U.unreadable-config"},
		{"anchors used a little", map[string]string{"compose.yaml": "x-env: &env\n  A: \"1\"\n  B: \"2\"\nservices:\n  web:\n    image: nginx\n    environment: *env\n  db:\n    image: postgres\n    environment: *env\n"}, "docker compose up", allow, ""},
		{"merged common settings", map[string]string{"compose.yaml": "x-common: &common\n  restart: always\n  logging: {driver: json-file}\nservices:\n  web:\n    <<: *common\n    image: nginx\n  db:\n    <<: *common\n    image: postgres\n"}, "docker compose up", allow, ""},
		{"nested anchors a little", map[string]string{"compose.yaml": levels(1, "command")}, "docker compose up", allow, ""},
	})
}

// TestComposeServiceSettings: a service is allowed only when arbiter
// knows every setting it has. Each attack here was allowed: a setting
// that gives the container something of the host was not one arbiter
// looked at.
func TestComposeServiceSettings(t *testing.T) {
	svc := func(body string) map[string]string {
		return map[string]string{"compose.yaml": "services:\n  a:\n    image: alpine\n" + body}
	}
	runReadCases(t, []readCase{
		{"env_file of credentials", svc("    env_file: ~/.aws/credentials\n"), "docker compose up -d", ask, "B12.privileged-container"},
		{"env_file list, long form", svc("    env_file:\n      - .env\n      - path: /root/.netrc\n        required: false\n"), "docker compose up", ask, "B12.privileged-container"},
		{"every device by cgroup rule", svc("    device_cgroup_rules: ['a *:* rwm']\n"), "docker compose up", ask, "B12.privileged-container"},
		{"the host network by name", map[string]string{"compose.yaml": "services:\n  a:\n    image: alpine\n    networks: [hostnet]\nnetworks:\n  hostnet:\n    name: host\n    external: true\n"}, "docker compose up", ask, "B12.privileged-container"},
		{"a label file outside", svc("    label_file: ~/.ssh/id_rsa\n"), "docker compose up", ask, "B12.privileged-container"},
		{"a watched folder outside", svc("    develop:\n      watch:\n        - action: sync\n          path: ~/.ssh\n          target: /k\n"), "docker compose watch", ask, "B12.privileged-container"},
		{"a setting arbiter does not know", svc("    host_everything: true\n"), "docker compose up", dfr, "U.unknown-option"},
		{"a variable env_file", svc("    env_file: ${F}\n"), "docker compose up", dfr, "U.unresolved"},
		// Twins: the project's own files, extension fields, common settings.
		{"env_file of the project", svc("    env_file: [.env, path: config/app.env]\n"), "docker compose up", allow, "D5.build"},
		{"extension fields", svc("    x-team: web\n"), "docker compose up", allow, "D5.build"},
		{"common settings", svc("    command: [sh, -c, 'echo hi']\n    healthcheck:\n      test: [CMD, true]\n    restart: always\n    deploy:\n      resources:\n        limits: {cpus: '0.5'}\n    develop:\n      watch:\n        - {action: sync, path: ./src, target: /app}\n    networks: [back]\nnetworks:\n  back: {}\n"), "docker compose up", allow, "D5.build"},
	})
}
