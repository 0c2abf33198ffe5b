// SPDX-License-Identifier: MIT
// UnityDriver.cs - Unity's game loop reduced to what the docs' Unity
// examples need, compiled with them and UnityStub.cs by
// tests/docs-examples.sh: every MonoBehaviour the example defines is
// created, sent Start, then one FixedUpdate and one Update per frame
// (Unity may run several or none per frame; a 1:1 loop keeps the count of
// simulation ticks exact), until its transform has stood still for
// StillFrames frames (its unit arrived), then OnDestroy. What happened
// goes to standard output for the test to compare with the page's
// expected lines. Exit 1 when a message throws (Unity would log it and
// carry on; a test must not).
using System;
using System.Linq;
using System.Reflection;
using UnityEngine;

static class UnityDriver
{
    const int StillFrames = 50;     // one second at Unity's default 50 Hz
    const int MaxFrames = 100000;

    static int Main()
    {
        Type[] behaviours = typeof(UnityDriver).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(MonoBehaviour)) && !t.IsAbstract
                        && t.Namespace != "UnityEngine")
            .OrderBy(t => t.FullName, StringComparer.Ordinal).ToArray();
        if (behaviours.Length == 0) {
            Console.WriteLine("UnityDriver: the example defines no MonoBehaviour");
            return 1;
        }
        foreach (Type type in behaviours) {
            try {
                Drive(type);
            } catch (TargetInvocationException e) {
                Console.WriteLine(type.Name + " threw: " + e.InnerException);
                return 1;
            }
        }
        return 0;
    }

    static void Drive(Type type)
    {
        var b = (MonoBehaviour)Activator.CreateInstance(type, true);
        Console.WriteLine(type.Name + ": Start");
        b.SendMessage("Awake", SendMessageOptions.DontRequireReceiver);
        b.SendMessage("Start", SendMessageOptions.DontRequireReceiver);
        Vector3 last = b.transform.position;
        int lastMove = 0, frame = 0;
        while (frame - lastMove < StillFrames && frame < MaxFrames) {
            frame++;
            b.SendMessage("FixedUpdate", SendMessageOptions.DontRequireReceiver);
            b.SendMessage("Update", SendMessageOptions.DontRequireReceiver);
            Vector3 p = b.transform.position;
            if (p.x != last.x || p.y != last.y || p.z != last.z) {
                last = p;
                lastMove = frame;
            }
        }
        if (frame - lastMove < StillFrames)
            Console.WriteLine(type.Name + ": still moving after " + frame + " frames, at " + last);
        else
            Console.WriteLine(type.Name + ": moved until frame " + lastMove + ", then stood at " + last);
        b.SendMessage("OnDestroy", SendMessageOptions.DontRequireReceiver);
        Console.WriteLine(type.Name + ": OnDestroy");
    }
}
