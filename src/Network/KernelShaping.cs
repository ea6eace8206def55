using System.Diagnostics;

namespace RpcCompare.Network;

/// <summary>
/// What the kernel offers for shaping traffic (tc's netem for delay, tbf for rate), asked in a throwaway network namespace
/// so the machine's own interfaces are never touched.
/// </summary>
public sealed record KernelShaping(bool Netem, bool Tbf, string Summary)
{
    public static KernelShaping Probe()
    {
        if (!OperatingSystem.IsLinux())
        {
            return new(false, false, "not Linux: no tc");
        }
        var netem = TryQdisc("netem delay 1ms", out var netemError);
        var tbf = TryQdisc("tbf rate 1mbit burst 32kbit latency 50ms", out var tbfError);
        if (netem is null || tbf is null)
        {
            return new(false, false, $"could not ask the kernel ({netemError ?? tbfError})");
        }
        var summary = (netem.Value, tbf.Value) switch
        {
            (true, true) => "this kernel has tc netem and tbf",
            (false, true) => "this kernel has tc tbf but no netem",
            (true, false) => "this kernel has tc netem but no tbf",
            _ => "this kernel has neither tc netem nor tbf",
        };
        return new(netem.Value, tbf.Value, summary);
    }

    /// <summary>True or false when tc answered; null (and why) when it could not be asked at all.</summary>
    private static bool? TryQdisc(string qdisc, out string? error)
    {
        error = null;
        try
        {
            // unshare -n: a new network namespace with only its own lo, gone when tc exits.
            var start = new ProcessStartInfo("unshare", $"--net tc qdisc add dev lo root {qdisc}")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            using var process = Process.Start(start)!;
            var stderr = process.StandardError.ReadToEnd();
            process.StandardOutput.ReadToEnd();
            if (!process.WaitForExit(TimeSpan.FromSeconds(10)))
            {
                process.Kill();
                error = "tc did not answer within 10 s";
                return null;
            }
            if (process.ExitCode == 0)
            {
                return true;
            }
            if (stderr.Contains("unknown", StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
            error = $"unshare --net tc: {stderr.Trim()}";
            return null;
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            error = $"unshare or tc is not installed ({e.Message})";
            return null;
        }
    }
}
