using System.Diagnostics;
using System.Reflection;
using System.Text.Json;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>
/// Runs tests/interop/grpc-js/client.js, a real gRPC implementation other than the one under test. Needs node on PATH and
/// `npm ci` done in that folder (.ci/run does it); without them the test is skipped, except under CI (environment
/// variable CI set), where it fails and says what is missing.
/// </summary>
internal static class GrpcJs
{
    private const string Folder = "tests/interop/grpc-js";
    private static readonly TimeSpan ProcessLimit = TimeSpan.FromSeconds(120);
    private static readonly Lazy<string?> InteropDirectory = new(FindDirectory);
    private static readonly Lazy<string?> NodePath = new(FindNode);

    /// <summary>The folder of Google.Api.CommonProtos' .proto files (google/api/annotations.proto), recorded at build time.</summary>
    private static string GoogleApiProtos => typeof(GrpcJs).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "GoogleApiProtos").Value ?? "";

    public static bool IsCi =>
        Environment.GetEnvironmentVariable("CI") is { Length: > 0 } value && value != "0" && !value.Equals("false", StringComparison.OrdinalIgnoreCase);

    /// <summary>Why grpc-js cannot run here, or null when it can.</summary>
    public static string? MissingPrerequisite()
    {
        if (InteropDirectory.Value is not { } directory)
        {
            return $"{Folder} was not found above {AppContext.BaseDirectory}.";
        }
        if (!Directory.Exists(Path.Combine(directory, "node_modules", "@grpc", "grpc-js")))
        {
            return $"{Folder}/node_modules is missing: run `npm ci` in {directory}.";
        }
        return NodePath.Value is null ? "node was not found on PATH." : null;
    }

    /// <summary>Runs client.js against the host and returns the JSON it prints.</summary>
    public static async Task<JsonElement> RunClientAsync(Uri address, params string[] arguments)
    {
        if (MissingPrerequisite() is { } missing)
        {
            throw new InvalidOperationException("The grpc-js interop test cannot run: " + missing);
        }
        var start = new ProcessStartInfo(NodePath.Value!)
        {
            WorkingDirectory = InteropDirectory.Value!,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.Environment["RPCCOMPARE_GOOGLE_API_PROTOS"] = GoogleApiProtos;
        start.ArgumentList.Add("client.js");
        start.ArgumentList.Add($"{address.Host}:{address.Port}");
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start node client.js.");
        var outcome = await ProcessRun.ToEndAsync(process, ProcessLimit, "node client.js");
        if (outcome.ExitCode != 0)
        {
            throw new InvalidOperationException(
                $"node client.js exited with {outcome.ExitCode}. stderr: {outcome.Error} stdout: {outcome.Output}");
        }
        return JsonDocument.Parse(outcome.Output).RootElement.Clone();
    }

    private static string? FindDirectory()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var candidate = Path.Combine(directory.FullName, Folder);
            if (File.Exists(Path.Combine(candidate, "package.json")))
            {
                return candidate;
            }
        }
        return null;
    }

    private static string? FindNode() =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, "node"))
            .FirstOrDefault(File.Exists);
}

/// <summary>A fact that is skipped where grpc-js is not installed, unless running under CI, where it must run.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class GrpcJsFactAttribute : FactAttribute
{
    public GrpcJsFactAttribute()
    {
        if (!GrpcJs.IsCi && GrpcJs.MissingPrerequisite() is { } missing)
        {
            Skip = "grpc-js interop skipped: " + missing;
        }
    }
}
