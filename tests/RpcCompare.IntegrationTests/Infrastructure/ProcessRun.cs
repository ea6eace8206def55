using System.Diagnostics;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>A child process run to its end with its output captured, killed (with its children) if it outlives the limit.</summary>
public static class ProcessRun
{
    public sealed record Outcome(int ExitCode, string Output, string Error);

    public static async Task<Outcome> ToEndAsync(Process process, TimeSpan limit, string description)
    {
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var cancel = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(cancel.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{description} did not finish within {limit}. stderr: {await error}");
        }
        return new Outcome(process.ExitCode, await output, await error);
    }
}
