using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RpcCompare.Reports.Results;

/// <summary>Reads and writes manifest.json and summary.json, refusing anything that is not whole or of a formatVersion this build reads.</summary>
public static class ResultsJson
{
    public static Task WriteManifestAsync(string folder, RunManifest manifest, CancellationToken cancellationToken) =>
        WriteAsync(Path.Combine(folder, ResultFileNames.Manifest), manifest, ResultsJsonContext.Default.RunManifest, cancellationToken);

    public static Task WriteSummaryAsync(string folder, RunSummary summary, CancellationToken cancellationToken) =>
        WriteAsync(Path.Combine(folder, ResultFileNames.Summary), summary, ResultsJsonContext.Default.RunSummary, cancellationToken);

    public static async Task<RunManifest> ReadManifestAsync(string path, CancellationToken cancellationToken)
    {
        var manifest = await ReadAsync(path, ResultsJsonContext.Default.RunManifest, cancellationToken);
        ResultsValidation.Validate(path, manifest);
        return manifest;
    }

    public static async Task<RunSummary> ReadSummaryAsync(string path, CancellationToken cancellationToken)
    {
        var summary = await ReadAsync(path, ResultsJsonContext.Default.RunSummary, cancellationToken);
        ResultsValidation.Validate(path, summary);
        return summary;
    }

    private static Task WriteAsync<T>(string path, T value, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(
            path,
            async (stream, ct) =>
            {
                await JsonSerializer.SerializeAsync(stream, value, typeInfo, ct);
                stream.WriteByte((byte)'\n');
            },
            cancellationToken);

    private static async Task<T> ReadAsync<T>(string path, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, "the file is missing.");
        }

        var bytes = await ResultsFolderFile.ReadAllBytesAsync(path, ResultsFolderFile.JsonLimit, cancellationToken);
        if (bytes.AsSpan().Trim(" \t\r\n"u8).IsEmpty)
        {
            throw new ResultsFormatException(path, "the file is empty.");
        }

        // The version is checked on its own first, so a newer file with a different shape gets the version
        // sentence rather than a confusing complaint about some property.
        CheckFormatVersion(path, bytes);
        try
        {
            return JsonSerializer.Deserialize(bytes, typeInfo)
                ?? throw new ResultsFormatException(path, "the file holds JSON null instead of an object.");
        }
        catch (JsonException ex)
        {
            throw new ResultsFormatException(path, $"the content does not match the results format: {ex.Message}", ex);
        }
    }

    private static void CheckFormatVersion(string path, byte[] bytes)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(bytes);
        }
        catch (JsonException ex)
        {
            throw new ResultsFormatException(path, $"the file is not valid JSON (it may be truncated): {ex.Message}", ex);
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new ResultsFormatException(path, $"the file holds a JSON {document.RootElement.ValueKind.ToString().ToLowerInvariant()}, not an object.");
            }

            if (!document.RootElement.TryGetProperty("formatVersion", out var version))
            {
                throw new ResultsFormatException(path, "the file has no formatVersion.");
            }

            if (version.ValueKind != JsonValueKind.Number || !version.TryGetInt32(out var number))
            {
                throw new ResultsFormatException(path, $"formatVersion is {version.GetRawText()}, not a whole number.");
            }

            if (!ResultsFormat.ReadableVersions.Contains(number))
            {
                throw new ResultsFormatException(
                    path,
                    $"the file has formatVersion {number}, but this build reads formatVersions {string.Join(" and ", ResultsFormat.ReadableVersions)} only; " +
                    "report it with the RpcCompare version that wrote it.");
            }
        }
    }
}
