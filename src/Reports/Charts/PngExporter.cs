using System.Diagnostics;
using System.Text;

namespace RpcCompare.Reports.Charts;

/// <summary>
/// Renders SVG to PNG with librsvg's rsvg-convert (Debian: apt-get install librsvg2-bin fonts-dejavu-core), the
/// stand-in for ScottPlot/SkiaSharp, which this machine cannot restore.
/// </summary>
public sealed class PngExporter
{
    public const string ToolName = "rsvg-convert";

    private PngExporter(string executable) => Executable = executable;

    public string Executable { get; }

    /// <summary>The exporter, or null when rsvg-convert is not installed (neither at <paramref name="path"/> nor on PATH).</summary>
    public static PngExporter? TryCreate(string? path = null)
    {
        if (path is not null)
        {
            return File.Exists(path) ? new PngExporter(path) : null;
        }

        foreach (var folder in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            var candidate = Path.Combine(folder, ToolName);
            if (File.Exists(candidate))
            {
                return new PngExporter(candidate);
            }
        }

        return null;
    }

    public async Task ExportAsync(string svg, string pngPath, int width, int height, CancellationToken cancellationToken)
    {
        var temporary = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(pngPath))!, $".{Path.GetFileName(pngPath)}.{Guid.NewGuid():N}.tmp");
        var start = new ProcessStartInfo(Executable)
        {
            RedirectStandardInput = true,
            RedirectStandardError = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        foreach (var argument in new[] { "--format", "png", "--width", $"{width}", "--height", $"{height}", "--background-color", "white", "--output", temporary })
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {Executable}.");
        try
        {
            var errors = process.StandardError.ReadToEndAsync(cancellationToken);
            var output = process.StandardOutput.ReadToEndAsync(cancellationToken);
            await process.StandardInput.BaseStream.WriteAsync(Encoding.UTF8.GetBytes(svg), cancellationToken);
            process.StandardInput.Close();
            await process.WaitForExitAsync(cancellationToken);
            await output;
            if (process.ExitCode != 0)
            {
                throw new InvalidOperationException($"{ToolName} failed with exit code {process.ExitCode} for {pngPath}: {(await errors).Trim()}");
            }

            File.Move(temporary, pngPath, overwrite: true);
        }
        catch (OperationCanceledException)
        {
            if (!process.HasExited)
            {
                process.Kill();
            }

            throw;
        }
        finally
        {
            if (File.Exists(temporary))
            {
                File.Delete(temporary);
            }
        }
    }
}
