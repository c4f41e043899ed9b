package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestDotnetProjects: dotnet build, test and the like evaluate the
// project's MSBuild files, whose targets, Exec tasks, inline tasks, imports
// and property functions run code; a project made only of properties and
// items builds routinely, and dotnet run runs C# arbiter does not read.
func TestDotnetProjects(t *testing.T) {
	csproj := func(body string) string {
		return "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup><OutputType>Exe</OutputType><TargetFramework>net8.0</TargetFramework></PropertyGroup>\n" + body + "</Project>\n"
	}
	plain := csproj("  <ItemGroup><PackageReference Include=\"xunit\" Version=\"2.9.0\" /></ItemGroup>\n")
	exec := "  <Target Name=\"Wipe\" BeforeTargets=\"Build\"><Exec Command=\"rm -rf $(HOME)\" /></Target>\n"
	runReadCases(t, []readCase{
		{"a target that runs a command", map[string]string{"app.csproj": csproj(exec)}, "dotnet build", arbiter.Defer, "U.unreadable-code"},
		{"an inline task", map[string]string{"app.csproj": csproj("  <UsingTask TaskName=\"X\" TaskFactory=\"RoslynCodeTaskFactory\" AssemblyFile=\"$(MSBuildToolsPath)\\Microsoft.Build.Tasks.Core.dll\" />\n")}, "dotnet test", arbiter.Defer, ""},
		{"Directory.Build.targets above", map[string]string{"src/app/app.csproj": plain, "Directory.Build.targets": "<Project>" + exec + "</Project>"}, "cd src/app && dotnet build", arbiter.Defer, ""},
		{"a referenced project", map[string]string{"app/app.csproj": csproj("  <ItemGroup><ProjectReference Include=\"..\\lib\\lib.csproj\" /></ItemGroup>\n"), "lib/lib.csproj": csproj(exec)}, "dotnet build app/app.csproj", arbiter.Defer, ""},
		{"a solution's project", map[string]string{"all.sln": "Microsoft Visual Studio Solution File, Format Version 12.00\nProject(\"{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}\") = \"lib\", \"lib\\lib.csproj\", \"{11111111-1111-1111-1111-111111111111}\"\nEndProject\n", "lib/lib.csproj": csproj(exec)}, "dotnet test", arbiter.Defer, ""},
		{"a property function", map[string]string{"app.csproj": csproj("  <PropertyGroup><X>$([System.IO.File]::ReadAllText('/home/dev/.ssh/id_rsa'))</X></PropertyGroup>\n")}, "dotnet build", arbiter.Defer, ""},
		{"an import", map[string]string{"app.csproj": csproj("  <Import Project=\"build/evil.targets\" />\n"), "build/evil.targets": "<Project>" + exec + "</Project>"}, "dotnet build", arbiter.Defer, ""},
		{"a response file", map[string]string{"app.csproj": plain, "Directory.Build.rsp": "-p:X=1\n"}, "dotnet build", arbiter.Defer, ""},
		{"a custom SDK", map[string]string{"app.csproj": "<Project Sdk=\"Evil.Sdk/1.0.0\"></Project>"}, "dotnet build", arbiter.Defer, ""},
		{"dotnet run", map[string]string{"app.csproj": plain, "Program.cs": "System.Diagnostics.Process.Start(\"rm\", \"-rf /home/dev\");\n"}, "dotnet run", arbiter.Defer, "U.unreadable-code"},

		{"a plain project", map[string]string{"app.csproj": plain}, "dotnet build", arbiter.Allow, "D5.build"},
		{"plain projects in a solution", map[string]string{"all.sln": "Project(\"{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}\") = \"lib\", \"lib\\lib.csproj\", \"{1}\"\nEndProject\n", "lib/lib.csproj": plain, "Directory.Build.props": "<Project><PropertyGroup><Nullable>enable</Nullable></PropertyGroup></Project>"}, "dotnet test", arbiter.Allow, "D5.build"},
		{"a plain referenced project", map[string]string{"app/app.csproj": csproj("  <ItemGroup><ProjectReference Include=\"..\\lib\\lib.csproj\" /></ItemGroup>\n"), "lib/lib.csproj": plain}, "dotnet build app/app.csproj -c Release", arbiter.Allow, "D5.build"},
		{"information", nil, "dotnet --info", arbiter.Allow, ""},
	})
}
