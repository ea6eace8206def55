using System.Diagnostics;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>Runs tests/CounterTarget (copied beside the tests) as a child process and kills it when disposed.</summary>
internal sealed class CounterTargetProcess : IDisposable
{
    private readonly Process _process;

    private CounterTargetProcess(Process process) => _process = process;

    public int Id => _process.Id;

    public bool HasExited => _process.HasExited;

    public static CounterTargetProcess Start(IEnumerable<string> arguments, IReadOnlyDictionary<string, string>? environment = null)
    {
        var startInfo = new ProcessStartInfo(DotnetHost())
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        startInfo.ArgumentList.Add("exec");
        startInfo.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "CounterTarget.dll"));
        foreach (string argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        // The runtime parses EventCounterIntervalSec in the target's culture; servers run invariant, so does this.
        startInfo.Environment["DOTNET_SYSTEM_GLOBALIZATION_INVARIANT"] = "1";
        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            startInfo.Environment[name] = value;
        }

        var process = Process.Start(startInfo) ?? throw new InvalidOperationException("CounterTarget did not start.");
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return new CounterTargetProcess(process);
    }

    public void Kill()
    {
        _process.Kill(entireProcessTree: true);
        _process.WaitForExit();
    }

    public void Dispose()
    {
        try
        {
            if (!_process.HasExited)
            {
                Kill();
            }
        }
        finally
        {
            _process.Dispose();
        }
    }

    private static string DotnetHost()
    {
        string? fromSdk = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(fromSdk) && File.Exists(fromSdk))
        {
            return fromSdk;
        }

        string? self = Environment.ProcessPath;
        return self is not null && Path.GetFileNameWithoutExtension(self) == "dotnet" ? self : "dotnet";
    }
}
