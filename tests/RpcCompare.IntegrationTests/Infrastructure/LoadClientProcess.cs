using System.Diagnostics;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>The load client as a user runs it: its built dll in a process of its own, output captured.</summary>
public static class LoadClientProcess
{
    public static string Dll => Path.Combine(AppContext.BaseDirectory, "rpccompare.dll");

    public static async Task<ProcessRun.Outcome> RunAsync(IEnumerable<string> arguments, TimeSpan timeout,
        IDictionary<string, string>? environment = null)
    {
        using var process = Start(arguments, environment);
        return await ProcessRun.ToEndAsync(process, timeout, $"rpccompare {string.Join(' ', arguments)}");
    }

    public static Process Start(IEnumerable<string> arguments, IDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(Dll);
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        start.Environment.Remove("RPCCOMPARE_PG");
        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }
        return Process.Start(start) ?? throw new InvalidOperationException("Could not start the load client.");
    }
}
