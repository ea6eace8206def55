using System.Text;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>Writes files under a temporary name in the same folder and renames them into place, so a file that exists
/// is whole.</summary>
internal static class AtomicFile
{
    public static string TemporaryPathFor(string path) => path + ".tmp";

    public static async Task WriteAllTextAsync(string path, string text, CancellationToken cancellationToken)
    {
        string temporary = TemporaryPathFor(path);
        try
        {
            await File.WriteAllTextAsync(temporary, text, new UTF8Encoding(false), cancellationToken);
            File.Move(temporary, path, overwrite: true);
        }
        catch
        {
            TryDelete(temporary);
            throw;
        }
    }

    public static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
