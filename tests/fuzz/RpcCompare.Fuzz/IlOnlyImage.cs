using dnlib.DotNet;
using dnlib.DotNet.MD;
using dnlib.DotNet.Writer;
using dnlib.PE;

namespace RpcCompare.Fuzz;

/// <summary>
/// Rewrites a ReadyToRun framework assembly (System.Private.Xml, System.Private.DataContractSerialization) as an IL-only
/// image, which sharpfuzz refuses to instrument otherwise ("mixed-mode"). The precompiled code is dropped and the runtime
/// JIT-compiles the IL, which ReadyToRun images carry in full.
/// </summary>
internal static class IlOnlyImage
{
    public static void Rewrite(string path)
    {
        using var module = ModuleDefMD.Load(File.ReadAllBytes(path));
        module.IsILOnly = true;
        var options = new ModuleWriterOptions(module);
        // ReadyToRun marks itself with the ILLibrary flag and an OS-specific machine value; a plain IL image has neither.
        // Its strong-name signature no longer matches, which .NET does not check.
        options.Cor20HeaderOptions.Flags = ComImageFlags.ILOnly;
        options.PEHeadersOptions.Machine = Machine.AMD64;
        module.Write(path, options);
    }
}
