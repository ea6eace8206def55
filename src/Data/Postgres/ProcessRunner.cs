using System.Diagnostics;
using System.Text;

namespace RpcCompare.Data.Postgres;

/// <summary>Runs a PostgreSQL tool to completion, as another user when asked (PostgreSQL refuses to run as root).</summary>
internal static class ProcessRunner
{
    public static string Run(string fileName, IReadOnlyList<string> arguments, string? asUser, TimeSpan timeout)
    {
        var start = new ProcessStartInfo
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        if (asUser is null)
        {
            start.FileName = fileName;
        }
        else
        {
            start.FileName = "runuser";
            foreach (var prefix in new[] { "-u", asUser, "--", fileName })
            {
                start.ArgumentList.Add(prefix);
            }
        }
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        // Messages we show the user should be in one language, whatever the machine's locale.
        start.Environment["LC_MESSAGES"] = "C";

        using var process = Process.Start(start)
            ?? throw new PostgresUnavailableException($"Could not start {start.FileName}.");
        process.StandardInput.Close();
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new PostgresUnavailableException(
                $"{Path.GetFileName(fileName)} did not finish within {timeout.TotalSeconds:N0} s. Output:\n{output}");
        }
        process.WaitForExit();
        if (process.ExitCode != 0)
        {
            throw new PostgresUnavailableException(
                $"{Path.GetFileName(fileName)} {string.Join(' ', arguments)} failed with exit code {process.ExitCode}:\n{output}");
        }
        return output.ToString();
    }
}
