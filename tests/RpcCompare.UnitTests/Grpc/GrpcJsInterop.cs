using System.Diagnostics;
using System.Text.Json;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>
/// Runs the grpc-js scripts in tests/interop/grpc-js. Needs node on PATH and `npm ci` done in that folder;
/// without them the interop tests are skipped, except under CI (environment variable CI set), where they fail
/// and say what is missing.
/// </summary>
internal static class GrpcJsInterop
{
    private const string Folder = "tests/interop/grpc-js";
    private static readonly TimeSpan ProcessLimit = TimeSpan.FromSeconds(120);
    private static readonly Lazy<string?> InteropDirectory = new(FindDirectory);
    private static readonly Lazy<string?> NodePath = new(FindNode);

    public static bool IsCi =>
        Environment.GetEnvironmentVariable("CI") is { Length: > 0 } value && value != "0" && !value.Equals("false", StringComparison.OrdinalIgnoreCase);

    /// <summary>Why the interop tests cannot run here, or null when they can.</summary>
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

    public static void EnsureAvailable()
    {
        if (MissingPrerequisite() is { } missing)
        {
            throw new InvalidOperationException("The grpc-js interop test cannot run: " + missing);
        }
    }

    /// <summary>Runs client.js against <paramref name="address"/> and returns the JSON it prints.</summary>
    public static async Task<JsonElement> RunClientAsync(Uri address)
    {
        using var process = Start("client.js", $"{address.Host}:{address.Port}");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(ProcessLimit);
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"node client.js did not finish within {ProcessLimit.TotalSeconds} s. stderr: {await stderr}");
        }

        var output = await stdout;
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"node client.js exited with {process.ExitCode}. stderr: {await stderr} stdout: {output}");
        }

        return JsonDocument.Parse(output).RootElement.Clone();
    }

    /// <summary>Starts server.js and waits for the port it bound.</summary>
    public static async Task<NodeGrpcServer> StartServerAsync()
    {
        var process = Start("server.js");
        try
        {
            using var limit = new CancellationTokenSource(ProcessLimit);
            var line = await process.StandardOutput.ReadLineAsync(limit.Token)
                ?? throw new InvalidOperationException($"node server.js exited before reporting its port. stderr: {await process.StandardError.ReadToEndAsync(limit.Token)}");
            var port = JsonDocument.Parse(line).RootElement.GetProperty("port").GetInt32();
            return new NodeGrpcServer(process, new Uri($"http://127.0.0.1:{port}"));
        }
        catch
        {
            process.Kill(entireProcessTree: true);
            process.Dispose();
            throw;
        }
    }

    private static Process Start(string script, params string[] arguments)
    {
        EnsureAvailable();
        var startInfo = new ProcessStartInfo(NodePath.Value!)
        {
            WorkingDirectory = InteropDirectory.Value!,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        startInfo.ArgumentList.Add(script);
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        return Process.Start(startInfo) ?? throw new InvalidOperationException($"Could not start node {script}.");
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

    private static string? FindNode()
    {
        var path = Environment.GetEnvironmentVariable("PATH") ?? string.Empty;
        return path.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, OperatingSystem.IsWindows() ? "node.exe" : "node"))
            .FirstOrDefault(File.Exists);
    }
}
